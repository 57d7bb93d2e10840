// Empty: this target exists so that `swift build` builds the RACSwift and OpenCombine modules
// that run.sh type-checks the generated pipelines against.
