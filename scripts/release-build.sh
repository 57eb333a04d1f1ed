# The build of the binary we ship, sourced by scripts/release.sh (the archive and the image),
# Benchmarks/lib.sh (what the benchmarks measure) and scripts/link-order.sh: one definition, so
# that all three build the same binary in the same scratch path (and never rebuild each other's).
#
# What it asks of the toolchain, and why:
# - `--static-swift-stdlib`: the Swift runtime and Foundation linked in, so the binary needs no
#   Swift installed.
# - Each function in its own section (`-function-sections`, `-ffunction-sections`), linked by
#   lld with `--symbol-ordering-file=scripts/gatehouse.order`: the functions a server runs are
#   placed together (scripts/link-order.sh says how the list is made and why it saves memory).
# - `-z pack-relative-relocs`: the 181,000 relocations of a position-independent Swift binary
#   packed (RELR, glibc 2.36 and later) instead of a 4.3 MB table read at every start.
# - `--no-export-dynamic`: Swift's static runtime exports every symbol of the program, for no
#   caller of ours; the 6 MB of dynamic symbols and names were read (and resident) at start-up.
# - libcurl on first use (scripts/libcurl-on-first-use.c): FoundationNetworking (URLSession, which
#   only the client commands use) calls libcurl, and the toolchain does not link it in. Linked
#   against it, every start loaded libcurl and the thirty libraries it needs (5.5 MiB of an idle
#   server); the binary instead carries the functions Foundation calls, which load the system's
#   libcurl.so.4 (libcurl4 on Debian and Ubuntu) the first time one runs. The server never does,
#   and neither building nor serving needs libcurl installed.

# release_link_flags ROOT: sets RELEASE_LINK_FLAGS, the linker's part of the above, as swiftc
# arguments (the release build passes them through `swift build`, release.sh --debug to swiftc).
release_link_flags() {
    local root=$1 folder object
    # FoundationNetworking's module asks the link for libcurl (-lcurl): this folder, searched
    # first, answers with an archive of the functions that load it on first use.
    folder="$root/.build-release/libcurl-on-first-use"
    object="$folder/libcurl-on-first-use.o"
    mkdir -p "$folder"
    clang -O2 -fPIC -ffunction-sections -Wall -Werror -c "$root/scripts/libcurl-on-first-use.c" -o "$object.new" || return 1
    # SwiftPM links again when its inputs change, and the archive is not one of them: a changed
    # archive removes the binary linked with the old one.
    if ! cmp -s "$object.new" "$object" || [ ! -f "$folder/libcurl.a" ]; then
        mv "$object.new" "$object"
        rm -f "$folder/libcurl.a"
        ar rcs "$folder/libcurl.a" "$object" || return 1
        rm -f "$root/.build-release/release/gatehouse"
    else
        rm -f "$object.new"
    fi
    RELEASE_LINK_FLAGS=(-use-ld=lld
        -Xlinker -z -Xlinker pack-relative-relocs
        -Xlinker "--symbol-ordering-file=$root/scripts/gatehouse.order" -Xlinker --no-warn-symbol-ordering
        -Xlinker --no-export-dynamic
        -Xlinker "-L$folder")
}

# release_build_command ROOT: sets RELEASE_BUILD, the `swift build` command of the release binary
# (add `--show-bin-path` for its folder).
#
# When the flags differ from those the scratch path was built with, its compiled modules are
# removed first (the package checkouts stay): Swift's driver does not compile a module again
# for a changed -Xfrontend flag, and objects without their own section per function would link,
# unordered, without a word.
release_build_command() {
    local root=$1 flag record
    release_link_flags "$root" || return 1
    RELEASE_BUILD=(swift build -c release --static-swift-stdlib --product gatehouse --scratch-path "$root/.build-release"
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections)
    # swiftc's own flags (-use-ld) go through -Xswiftc; the -Xlinker pairs pass as they are.
    for flag in "${RELEASE_LINK_FLAGS[@]}"; do
        case "$flag" in
            -use-ld=*) RELEASE_BUILD+=(-Xswiftc "$flag") ;;
            *) RELEASE_BUILD+=("$flag") ;;
        esac
    done
    record="$root/.build-release/gatehouse-build-flags.txt"
    if [ "$(cat "$record" 2>/dev/null)" != "$(printf '%s\n' "${RELEASE_BUILD[@]}")" ]; then
        rm -rf "$root/.build-release/$(uname -m)-unknown-linux-gnu" "$root/.build-release/release"
        printf '%s\n' "${RELEASE_BUILD[@]}" >"$record"
    fi
}
