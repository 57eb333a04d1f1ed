//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

// The libcurl functions Foundation's URLSession calls, linked into the release binary in place of
// libcurl itself (scripts/release-build.sh): each loads the system's libcurl.so.4 the first time
// any of them runs and calls its namesake there.
//
// Why: FoundationNetworking, linked in statically, names libcurl, so the dynamic linker loaded it
// and the thirty libraries it needs (TLS, Kerberos, LDAP, HTTP/2, …) at every start, and kept
// their relocated data and start-up work resident: about 5.5 MiB of an idle server's memory.
// Only the client commands (`gatehouse login`, `forgot-password`, `reset-password`) make a
// URLSession; the server never does, so it now runs without libcurl loaded, or installed.
//
// A client command on a machine without libcurl stops with a message saying what to install.
//
// The variadic options (`curl_easy_setopt`, `curl_multi_setopt`, `curl_easy_getinfo`) take one
// argument after the option: a `long`, a `curl_off_t`, or a pointer. On the LP64 Linux ABIs the
// release is built for (x86-64 and AArch64) all three are one 64-bit value passed in a general
// register, so it is forwarded as one.

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert(sizeof(long) == sizeof(void *) && sizeof(long long) == sizeof(void *),
               "the variadic options are forwarded as one pointer-sized value");

/// What `gatehouse` exits with when libcurl cannot be loaded: EX_UNAVAILABLE.
enum { libcurl_missing_exit_code = 69 };

static void *libcurl;
static pthread_once_t libcurl_loaded = PTHREAD_ONCE_INIT;

static void load_libcurl(void) {
    libcurl = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (libcurl == NULL) {
        fprintf(stderr,
                "gatehouse: this command needs libcurl, which is not installed (%s); "
                "install it (Debian and Ubuntu: apt-get install libcurl4)\n",
                dlerror());
        exit(libcurl_missing_exit_code);
    }
}

static void *libcurl_function(const char *name) {
    pthread_once(&libcurl_loaded, load_libcurl);
    void *function = dlsym(libcurl, name);
    if (function == NULL) {
        fprintf(stderr, "gatehouse: the installed libcurl has no %s; install libcurl 7.62 or later\n", name);
        exit(libcurl_missing_exit_code);
    }
    return function;
}

// Each function's address is looked up once; a race looks it up twice and stores the same value.
#define LIBCURL_FUNCTION(type, name)                                                      \
    static type name##_in_libcurl(void) {                                                 \
        static _Atomic(type) cached;                                                      \
        type function = atomic_load_explicit(&cached, memory_order_acquire);              \
        if (function == NULL) {                                                           \
            function = (type)libcurl_function(#name);                                     \
            atomic_store_explicit(&cached, function, memory_order_release);               \
        }                                                                                 \
        return function;                                                                  \
    }

// libcurl's handles and lists are opaque here: only their addresses pass through.
typedef int curl_code;

typedef curl_code (*global_init_t)(long);
typedef char *(*version_t)(void);
typedef void *(*version_info_t)(int);
typedef void *(*easy_init_t)(void);
typedef void (*easy_cleanup_t)(void *);
typedef curl_code (*easy_setopt_t)(void *, int, ...);
typedef curl_code (*easy_getinfo_t)(void *, int, ...);
typedef curl_code (*easy_pause_t)(void *, int);
typedef const char *(*easy_strerror_t)(curl_code);
typedef void (*free_t)(void *);
typedef void *(*multi_init_t)(void);
typedef curl_code (*multi_cleanup_t)(void *);
typedef curl_code (*multi_handle_t)(void *, void *);
typedef curl_code (*multi_assign_t)(void *, int, void *);
typedef void *(*multi_info_read_t)(void *, int *);
typedef curl_code (*multi_setopt_t)(void *, int, ...);
typedef curl_code (*multi_socket_action_t)(void *, int, int, int *);
typedef void *(*slist_append_t)(void *, const char *);
typedef void (*slist_free_all_t)(void *);
typedef void *(*url_t)(void);
typedef curl_code (*url_get_t)(const void *, int, char **, unsigned int);
typedef curl_code (*url_set_t)(void *, int, const char *, unsigned int);

LIBCURL_FUNCTION(global_init_t, curl_global_init)
LIBCURL_FUNCTION(version_t, curl_version)
LIBCURL_FUNCTION(version_info_t, curl_version_info)
LIBCURL_FUNCTION(easy_init_t, curl_easy_init)
LIBCURL_FUNCTION(easy_cleanup_t, curl_easy_cleanup)
LIBCURL_FUNCTION(easy_setopt_t, curl_easy_setopt)
LIBCURL_FUNCTION(easy_getinfo_t, curl_easy_getinfo)
LIBCURL_FUNCTION(easy_pause_t, curl_easy_pause)
LIBCURL_FUNCTION(easy_strerror_t, curl_easy_strerror)
LIBCURL_FUNCTION(free_t, curl_free)
LIBCURL_FUNCTION(multi_init_t, curl_multi_init)
LIBCURL_FUNCTION(multi_cleanup_t, curl_multi_cleanup)
LIBCURL_FUNCTION(multi_handle_t, curl_multi_add_handle)
LIBCURL_FUNCTION(multi_handle_t, curl_multi_remove_handle)
LIBCURL_FUNCTION(multi_assign_t, curl_multi_assign)
LIBCURL_FUNCTION(multi_info_read_t, curl_multi_info_read)
LIBCURL_FUNCTION(multi_setopt_t, curl_multi_setopt)
LIBCURL_FUNCTION(multi_socket_action_t, curl_multi_socket_action)
LIBCURL_FUNCTION(slist_append_t, curl_slist_append)
LIBCURL_FUNCTION(slist_free_all_t, curl_slist_free_all)
LIBCURL_FUNCTION(url_t, curl_url)
LIBCURL_FUNCTION(url_get_t, curl_url_get)
LIBCURL_FUNCTION(url_set_t, curl_url_set)

curl_code curl_global_init(long flags) { return curl_global_init_in_libcurl()(flags); }
char *curl_version(void) { return curl_version_in_libcurl()(); }
void *curl_version_info(int age) { return curl_version_info_in_libcurl()(age); }

void *curl_easy_init(void) { return curl_easy_init_in_libcurl()(); }
void curl_easy_cleanup(void *easy) { curl_easy_cleanup_in_libcurl()(easy); }
curl_code curl_easy_pause(void *easy, int bitmask) { return curl_easy_pause_in_libcurl()(easy, bitmask); }
const char *curl_easy_strerror(curl_code code) { return curl_easy_strerror_in_libcurl()(code); }
void curl_free(void *pointer) { curl_free_in_libcurl()(pointer); }

curl_code curl_easy_setopt(void *easy, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    uintptr_t value = va_arg(arguments, uintptr_t);
    va_end(arguments);
    return curl_easy_setopt_in_libcurl()(easy, option, value);
}

curl_code curl_easy_getinfo(void *easy, int info, ...) {
    va_list arguments;
    va_start(arguments, info);
    void *destination = va_arg(arguments, void *);
    va_end(arguments);
    return curl_easy_getinfo_in_libcurl()(easy, info, destination);
}

void *curl_multi_init(void) { return curl_multi_init_in_libcurl()(); }
curl_code curl_multi_cleanup(void *multi) { return curl_multi_cleanup_in_libcurl()(multi); }
curl_code curl_multi_add_handle(void *multi, void *easy) { return curl_multi_add_handle_in_libcurl()(multi, easy); }
curl_code curl_multi_remove_handle(void *multi, void *easy) {
    return curl_multi_remove_handle_in_libcurl()(multi, easy);
}
curl_code curl_multi_assign(void *multi, int socket, void *pointer) {
    return curl_multi_assign_in_libcurl()(multi, socket, pointer);
}
void *curl_multi_info_read(void *multi, int *left) { return curl_multi_info_read_in_libcurl()(multi, left); }
curl_code curl_multi_socket_action(void *multi, int socket, int events, int *running) {
    return curl_multi_socket_action_in_libcurl()(multi, socket, events, running);
}

curl_code curl_multi_setopt(void *multi, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    uintptr_t value = va_arg(arguments, uintptr_t);
    va_end(arguments);
    return curl_multi_setopt_in_libcurl()(multi, option, value);
}

void *curl_slist_append(void *list, const char *string) { return curl_slist_append_in_libcurl()(list, string); }
void curl_slist_free_all(void *list) { curl_slist_free_all_in_libcurl()(list); }

void *curl_url(void) { return curl_url_in_libcurl()(); }
curl_code curl_url_get(const void *url, int part, char **value, unsigned int flags) {
    return curl_url_get_in_libcurl()(url, part, value, flags);
}
curl_code curl_url_set(void *url, int part, const char *value, unsigned int flags) {
    return curl_url_set_in_libcurl()(url, part, value, flags);
}
