#if !canImport(Darwin)
import Quick
import XCTest

// On Apple platforms XCTest finds Quick's specs through the Objective-C runtime. On Linux,
// SwiftPM's test discovery lists only `test…` methods, which a spec has none of, and Quick's
// own answer (a LinuxMain.swift calling QCKMain) is a custom entry point SwiftPM no longer
// runs. So each spec gets a test here that runs its examples in order, as QCKMain would.
final class QuickSpecsOnLinux: XCTestCase {
    func testRVMViewModelSpec() throws {
        try runExamples(of: RVMViewModelSpec.self)
    }

    func testSharedExamplesSpec() throws {
        try runExamples(of: SharedExamplesSpec.self)
    }

    private func runExamples<Spec: AsyncSpec>(of spec: Spec.Type) throws {
        let examples = Spec.allTests
        XCTAssertFalse(examples.isEmpty, "\(Spec.self) has no example")
        for (_, example) in examples {
            try example(Spec())()
        }
    }
}
#endif
