// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RACSwift",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RACSwift", targets: ["RACSwift"]),
        .library(name: "RACSwiftTesting", targets: ["RACSwiftTesting"]),
        .executable(name: "racswift-demo", targets: ["RACSwiftDemo"]),
        .executable(name: "racswift-app-demo", targets: ["RACSwiftAppDemo"]),
        .executable(name: "racswift-trace", targets: ["RACSwiftTraceTool"]),
    ],
    // The library targets depend on nothing but the toolchain.
    dependencies: [
        // An HTTP server for the demo and the tests of the Foundation sources.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        // Property-based model checks with shrinking (Tests/RACSwiftTests/Properties), a test
        // dependency only: a package that depends on the RACSwift product does not resolve it
        // (SwiftPM resolves only what the products a package uses need; checked with a scratch
        // package, CONTRIBUTING.md).
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // The documentation plugin only (`swift package generate-documentation`): no target
        // depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The library's one C part: a call into the Swift runtime that the fenced memory layer
        // (Sources/RACSwift/Memory) needs and Swift cannot name (swift_tryRetain).
        .target(name: "RACSwiftRuntimeShims"),
        .target(name: "RACSwift", dependencies: ["RACSwiftRuntimeShims"]),
        .target(name: "RACSwiftTesting", dependencies: ["RACSwift"]),
        .executableTarget(
            name: "RACSwiftDemo",
            dependencies: [
                "RACSwift",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ]),
        .executableTarget(name: "RACSwiftAppDemo", dependencies: ["RACSwift"]),
        // Draws a RAC_TRACE file as an SVG timeline; the toolchain only (Foundation's JSON).
        .executableTarget(name: "RACSwiftTraceTool"),
        // The doc examples' print recorder, shared by both test targets.
        .target(name: "DocExampleSupport", path: "Tests/DocExampleSupport"),
        .testTarget(
            name: "RACSwiftTests",
            dependencies: [
                "RACSwift", "RACSwiftTesting", "DocExampleSupport",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "RACSwiftTestingTests", dependencies: ["RACSwift", "RACSwiftTesting", "DocExampleSupport"]),
        // The allocation check (Tools/allocation-check/run.sh, run by CI in a release build): the
        // hot workloads' allocations per event and per subscription against pinned counts. The
        // counter interposes the allocator, so only that executable links it.
        .target(name: "CAllocationCounter", path: "Tools/allocation-check/CAllocationCounter"),
        .executableTarget(
            name: "RACSwiftAllocationCheck", dependencies: ["RACSwift", "CAllocationCounter"],
            path: "Tools/allocation-check/AllocationCheck"),
    ],
    swiftLanguageModes: [.v6]
)
