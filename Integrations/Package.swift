// swift-tools-version:6.0
// RACSwift's integrations with the wider Swift ecosystem, each a product of its own:
// RACSwiftNimble (Nimble matchers for signals), RACSwiftLogging (swift-log) and
// RACSwiftTracing (swift-distributed-tracing). A package of its own beside the library (as
// swift-nio-extras stands beside swift-nio), so that a package depending on RACSwift alone
// resolves and builds none of these dependencies: the library depends on nothing but the
// toolchain. Built and tested by .ci/run.
import PackageDescription

let package = Package(
    name: "RACSwiftIntegrations",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RACSwiftNimble", targets: ["RACSwiftNimble"]),
        .library(name: "RACSwiftLogging", targets: ["RACSwiftLogging"]),
        .library(name: "RACSwiftTracing", targets: ["RACSwiftTracing"]),
    ],
    dependencies: [
        .package(name: "RACSwift", path: ".."),
        .package(url: "https://github.com/Quick/Nimble", exact: "14.0.0"),
        .package(url: "https://github.com/Quick/Quick", exact: "7.6.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", exact: "1.7.3"),
        // The documentation plugin only (CI builds the three catalogs): no target depends on it,
        // so a package depending on these products does not resolve it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "RACSwiftNimble",
            dependencies: [
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "RACSwiftTesting", package: "RACSwift"),
                .product(name: "Nimble", package: "Nimble"),
            ]),
        .target(
            name: "RACSwiftLogging",
            dependencies: [
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "RACSwiftTracing",
            dependencies: [
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]),
        .testTarget(
            name: "RACSwiftNimbleTests",
            dependencies: [
                "RACSwiftNimble",
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "RACSwiftTesting", package: "RACSwift"),
                .product(name: "Nimble", package: "Nimble"),
                .product(name: "Quick", package: "Quick"),
            ]),
        .testTarget(
            name: "RACSwiftLoggingTests",
            dependencies: [
                "RACSwiftLogging",
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "RACSwiftTesting", package: "RACSwift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]),
        .testTarget(
            name: "RACSwiftTracingTests",
            dependencies: [
                "RACSwiftTracing",
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "RACSwiftTesting", package: "RACSwift"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
