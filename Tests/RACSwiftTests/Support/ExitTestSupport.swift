import Testing

/// Checks that an exit test's child process printed `message` on its standard error.
func expectStandardError(
    _ result: ExitTest.Result?, contains message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains(message), "standard error: \(standardError)", sourceLocation: sourceLocation)
}
