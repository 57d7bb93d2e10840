// swift-tools-version:6.0
// The benchmark package: separate from the library so RACSwift is measured across a module
// boundary, the way users' code sees it. OpenCombine and the malloc interposer are
// dependencies of this package only.
import PackageDescription

let package = Package(
    name: "RACSwiftBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RACSwift", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The counter behind ordo-one/benchmark's malloc metrics, used directly: racbench's
        // allocation pass loads it with LD_PRELOAD and reads it through dlsym, so the timing
        // pass runs on the plain system allocator.
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "RACBench",
            dependencies: [
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                // DispatchQueue as an OpenCombine scheduler, for the thread-hop and timer
                // workloads (issue 28).
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]
        ),
        // Exists only so `swift build` builds libMallocInterposerSwift.so for the
        // allocation pass; racbench itself does not link it.
        .executableTarget(
            name: "AllocCounterCarrier",
            dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
