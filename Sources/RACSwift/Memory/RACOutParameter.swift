/// RAC's out-parameters (`BOOL *success`, `NSError **error`) in the signatures of the
/// unavailable test helpers (`firstOrDefault(_:success:error:)` and its neighbours): a raw
/// pointer, so that a ported call's `&success`, `&error` or `nil` type-checks and reaches the
/// helper's "renamed" message, whatever the variables' types.
///
/// Invariant: nothing ever reads or writes through it — the helpers that take it are
/// unavailable and cannot be called. It lives behind the memory fence only because it names a
/// raw pointer type.
public typealias RACOutParameter = UnsafeMutableRawPointer
