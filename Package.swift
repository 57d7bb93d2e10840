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
    ],
    targets: [
        .target(name: "RACSwift"),
        .target(name: "RACSwiftTesting", dependencies: ["RACSwift"]),
        .executableTarget(name: "RACSwiftDemo", dependencies: ["RACSwift"]),
        .executableTarget(name: "RACSwiftAppDemo", dependencies: ["RACSwift"]),
        .testTarget(name: "RACSwiftTests", dependencies: ["RACSwift", "RACSwiftTesting"]),
        .testTarget(name: "RACSwiftTestingTests", dependencies: ["RACSwift", "RACSwiftTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
