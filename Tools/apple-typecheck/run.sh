#!/bin/sh
# Type-checks the package's library and executable targets (RACSwift, RACSwiftTesting,
# racswift-demo, racswift-app-demo, racswift-trace) for macOS 13 and iOS 16 (simulator), the oldest Apple deployment targets
# the package supports, on a Linux toolchain.
#
# CI has no Apple SDK, and on Linux the compiler does not check Apple availability, so a
# construct that needs a newer Apple runtime (a generic type with a parameter pack needs macOS
# 14, typed-throws function metadata macOS 15, ...) or the Apple branch of Support/Locks.swift
# would otherwise first fail on a user's Mac. This script rebuilds the standard library and
# _Concurrency for macOS from the toolchain's own .swiftinterface files and uses the stubs in
# stubs/ for Darwin, os, Dispatch, Foundation, XCTest and Testing (Observation is rebuilt from
# the toolchain's public interface too): the availability checks and the library's own code
# are real; the stubs only stand for the SDK's API, with its signatures.
# The demo's search server uses FlyingFox, a package rather than an SDK module: stubs/FlyingSocks
# and stubs/FlyingFox stand for the part of its API the demo calls, so the demo is checked whole
# (its calls into FlyingFox are checked against the real package by the Linux build only).
# tvOS 16 and watchOS 9 have the same Swift runtime as macOS 13 and iOS 16.
#
# RACSwift is checked with library evolution on, as an xcframework build would compile it.
#
# Known limit: the rebuilt standard library cannot type-check inout-to-pointer and
# pointer-to-pointer argument conversions ("broken standard library: cannot find intrinsic
# operations"); those diagnostics are dropped. Test targets are not checked.
#
# Exit status: 0 when everything type-checks (or when this toolchain's interfaces cannot be
# rebuilt for a target: then it says so and checks nothing for it), 1 when our sources do not.
set -u
here=$(cd "$(dirname "$0")" && pwd)
package=$(cd "$here/../.." && pwd)
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
frontend="$toolchain/bin/swift-frontend"
arch=$(uname -m)
interfaces="$toolchain/lib/swift/linux"
work_root="${APPLE_TYPECHECK_DIR:-$package/.build/apple-typecheck}"
status=0

sources() { find "$1" -name '*.swift' | sort; }

# check_target TRIPLE: type-checks the targets for one Apple target triple.
check_target() {
    target=$1
    work="$work_root/$target"
    modules="$work/modules"
    # The plugin path serves the macros (@TaskLocal, @Observable), which expand with the
    # toolchain's host plugins.
    common="-target $target -resource-dir $toolchain/lib/swift -I $modules -I $package/Sources/RACSwiftRuntimeShims/include -disable-implicit-string-processing-module-import -O -plugin-path $toolchain/lib/swift/host/plugins"
    failed=0
    mkdir -p "$modules"

    # The standard library and _Concurrency, from the interfaces shipped for Linux. Their
    # @backDeployed functions have no bodies in a Linux interface, so the attribute is dropped.
    for module in Swift _Concurrency; do
        [ -f "$modules/$module.swiftmodule" ] && continue
        source="$interfaces/$module.swiftmodule/$arch-unknown-linux-gnu.swiftinterface"
        sed -e "s/-target $arch-unknown-linux-gnu/-target $target/" -e 's/@backDeployed(before: [^)]*)//g' \
            "$source" > "$work/$module.swiftinterface" 2>/dev/null
        extra=""
        [ "$module" = Swift ] && extra="-parse-stdlib"
        if ! "$frontend" -compile-module-from-interface "$work/$module.swiftinterface" -module-name "$module" \
            $extra -disable-availability-checking -o "$modules/$module.swiftmodule" $common >"$work/$module.log" 2>&1; then
            echo "apple-typecheck: skipped $target — could not rebuild $module from $source (see $work/$module.log)"
            rm -f "$modules/$module.swiftmodule"
            return
        fi
    done

    # The SDK stubs, in dependency order.
    for module in Darwin os Dispatch Foundation XCTest Testing FlyingSocks FlyingFox; do
        if ! "$frontend" -emit-module "$here/stubs/$module.swift" -module-name "$module" -parse-as-library \
            -swift-version 5 -disable-availability-checking -enable-library-evolution \
            -o "$modules/$module.swiftmodule" $common; then
            echo "apple-typecheck: the $module stub does not build for $target"
            status=1
            return
        fi
    done

    # Observation (the app layer's Command, property observation and key-path channels), from
    # the toolchain's public interface, as Apple's SDKs ship only that one: no SPI can creep
    # in. It imports Glibc on Linux, Darwin on Apple platforms (the stub above).
    if [ ! -f "$modules/Observation.swiftmodule" ]; then
        source="$interfaces/Observation.swiftmodule/$arch-unknown-linux-gnu.swiftinterface"
        sed -e "s/-target $arch-unknown-linux-gnu/-target $target/" -e 's/^import Glibc$/import Darwin/' \
            "$source" > "$work/Observation.swiftinterface" 2>/dev/null
        if ! "$frontend" -compile-module-from-interface "$work/Observation.swiftinterface" -module-name Observation \
            -disable-availability-checking -o "$modules/Observation.swiftmodule" $common >"$work/Observation.log" 2>&1; then
            echo "apple-typecheck: could not rebuild Observation from $source for $target (see $work/Observation.log)"
            rm -f "$modules/Observation.swiftmodule"
            status=1
            return
        fi
    fi

    # With library evolution, as Xcode builds a framework for distribution (an xcframework):
    # it forbids some things a plain build allows, such as an @inlinable designated init.
    check RACSwift -typecheck $common -swift-version 6 -enable-library-evolution -module-name RACSwift \
        $(sources "$package/Sources/RACSwift")

    # The module the other targets import: declarations only, with the one stored-property
    # initializer whose pointer conversion the rebuilt standard library rejects replaced.
    rm -rf "$work/RACSwift" && cp -r "$package/Sources/RACSwift" "$work/RACSwift"
    sed -i 's/let status = pthread_key_create(&key, nil)/let status: Int32 = 0/' "$work/RACSwift/Memory/CurrentSchedulerSlot.swift"
    if ! "$frontend" -emit-module $common -swift-version 6 -module-name RACSwift -experimental-skip-all-function-bodies \
        -o "$modules/RACSwift.swiftmodule" $(sources "$work/RACSwift") >"$work/RACSwift.log" 2>&1; then
        echo "apple-typecheck: could not emit the RACSwift module for the other targets (see $work/RACSwift.log)"
        status=1
        return
    fi

    check RACSwiftTesting -typecheck $common -swift-version 6 -module-name RACSwiftTesting $(sources "$package/Sources/RACSwiftTesting")
    check racswift-demo -typecheck $common -swift-version 6 -module-name RACSwiftDemo $(sources "$package/Sources/RACSwiftDemo")
    check racswift-app-demo -typecheck $common -swift-version 6 -module-name RACSwiftAppDemo \
        $(sources "$package/Sources/RACSwiftAppDemo")
    # The trace tool imports Foundation only (JSONSerialization, the C math functions).
    check racswift-trace -typecheck $common -swift-version 6 -module-name RACSwiftTraceTool \
        $(sources "$package/Sources/RACSwiftTraceTool")

    if [ $failed -eq 0 ]; then
        echo "apple-typecheck: RACSwift, RACSwiftTesting, racswift-demo, racswift-app-demo and racswift-trace type-check for $target"
    else
        status=1
    fi
}

# check NAME FRONTEND-ARGUMENTS...: prints our diagnostics, if any, and marks the target failed.
check() {
    name=$1; shift
    out=$("$frontend" "$@" 2>&1 | grep -E '^/.*: (error|warning): ' | grep -v 'broken standard library')
    if [ -n "$out" ]; then
        echo "apple-typecheck: $name does not type-check for $target:"
        echo "$out"
        failed=1
    fi
}

# The host's own interfaces are used, so the Apple architecture is the host's: the x86_64
# interfaces carry Float80, which no arm64 Apple target has. The iOS check is therefore for
# the simulator; the availability rules are those of iOS 16.
apple_arch=$(echo "$arch" | sed 's/aarch64/arm64/')
check_target "$apple_arch-apple-macosx13.0"
check_target "$apple_arch-apple-ios16.0-simulator"
exit $status
