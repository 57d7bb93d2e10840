// swift-tools-version:6.0
// Builds the modules that Benchmarks/typecheck/run.sh type-checks user code against: RACSwift
// (this repository) and OpenCombine, the peer that builds here. The target only carries the
// dependencies; its own source is empty.
import PackageDescription

let package = Package(
    name: "RACSwiftTypecheckBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RACSwift", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "TypecheckModules",
            dependencies: [
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
