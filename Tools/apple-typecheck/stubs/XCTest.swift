// Stub of the Apple SDK's XCTest: only what RACSwift's targets use, with the Apple signatures,
// for Tools/apple-typecheck/run.sh. Never linked or run.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
