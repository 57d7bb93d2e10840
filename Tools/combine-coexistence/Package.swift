// swift-tools-version:6.0
// Proves that a file importing OpenCombine (Combine's API, on Linux) and RACSwift compiles using
// ReactiveCocoa's names (`RACSignal`, `RACSubject`, `RACScheduler`...), where the plain names
// (`Subject`, `Subscriber`, `Scheduler`) are ambiguous. Built by .ci/run; not part of the
// library, which depends on nothing but the toolchain.
import PackageDescription

let package = Package(
    name: "CombineCoexistence",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RACSwift", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "CombineCoexistence",
            dependencies: [
                .product(name: "RACSwift", package: "RACSwift"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
