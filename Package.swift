// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RACSwift",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RACSwift", targets: ["RACSwift"]),
        .library(name: "RACSwiftTesting", targets: ["RACSwiftTesting"]),
        .executable(name: "racswift-demo", targets: ["RACSwiftDemo"]),
    ],
    dependencies: [
        // The documentation plugin only (`swift package generate-documentation`): no target
        // depends on it, so the library still depends on nothing but the toolchain.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "RACSwift"),
        .target(name: "RACSwiftTesting", dependencies: ["RACSwift"]),
        .executableTarget(name: "RACSwiftDemo", dependencies: ["RACSwift"]),
        .testTarget(name: "RACSwiftTests", dependencies: ["RACSwift", "RACSwiftTesting"]),
        .testTarget(name: "RACSwiftTestingTests", dependencies: ["RACSwift", "RACSwiftTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
