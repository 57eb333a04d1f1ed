// Preloaded into the server under valgrind (callgrind.sh): valgrind 3.19 writes to the signal
// mask passed to sigsuspend(2), and libdispatch passes one in read-only memory, which kills
// valgrind ("VALGRIND INTERNAL ERROR ... SIGSEGV" in _dispatch_sigsuspend). This hands the real
// sigsuspend a writable copy; nothing else changes.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>

int sigsuspend(const sigset_t *mask) {
    static int (*real)(const sigset_t *);
    if (!real) real = (int (*)(const sigset_t *))dlsym(RTLD_NEXT, "sigsuspend");
    sigset_t copy = *mask;
    return real(&copy);
}
