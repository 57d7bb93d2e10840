// swift-tools-version:6.0
// RACSwift's integrations with the wider Swift ecosystem, each a product of its own:
// RACSwiftNimble (Nimble matchers for signals), RACSwiftLogging (swift-log) and
// RACSwiftTracing (swift-distributed-tracing). A package of its own beside the library (as
// swift-nio-extras stands beside swift-nio), so that a package depending on RACSwift alone
// resolves and builds none of these dependencies: the library depends on nothing but the
// toolchain. Built and tested by .ci/run.
import PackageDescription

let racSwift: Target.Dependency = .product(name: "RACSwift", package: "RACSwift")
let racSwiftTesting: Target.Dependency = .product(name: "RACSwiftTesting", package: "RACSwift")
let nimble: Target.Dependency = .product(name: "Nimble", package: "Nimble")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let tracing: Target.Dependency = .product(name: "Tracing", package: "swift-distributed-tracing")

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
        .target(name: "RACSwiftNimble", dependencies: [racSwift, racSwiftTesting, nimble]),
        .target(name: "RACSwiftLogging", dependencies: [racSwift, logging]),
        .target(name: "RACSwiftTracing", dependencies: [racSwift, tracing]),
        .testTarget(
            name: "RACSwiftNimbleTests",
            dependencies: ["RACSwiftNimble", racSwift, racSwiftTesting, nimble, .product(name: "Quick", package: "Quick")]),
        .testTarget(
            name: "RACSwiftLoggingTests",
            dependencies: [
                "RACSwiftLogging", racSwift, racSwiftTesting, logging,
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]),
        .testTarget(
            name: "RACSwiftTracingTests",
            dependencies: [
                "RACSwiftTracing", racSwift, racSwiftTesting, tracing,
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
