extension Signal {
    /// Pairs the n-th value of this signal with the n-th value of `other` (RAC's `-zipWith:`).
    ///
    /// ```
    /// self:  -a-b-c|
    /// other: --x--y|
    /// zip:   --1--2|     1 = (a, x), 2 = (b, y)
    /// ```
    ///
    /// Completes as soon as either side has completed and every value it sent has been paired
    /// (1…5 zipped with A…D sends four pairs, then completes). An error from either side is
    /// forwarded at once. Values from the two sides may arrive on different threads; pairs go
    /// out one at a time. It behaves as `Signal.zip(self, other)`: both run on the same zip
    /// machine (`Operators/Zip.swift`).
    public func zip<U>(with other: Signal<U>) -> Signal<(Value, U)> {
        ZipPairSignal(self, other).named("[\(name)] -zipWith: \(other)")
    }
}
