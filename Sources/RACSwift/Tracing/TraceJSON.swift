/// A trace record's bytes, appended piece by piece.
struct TraceBytes {
    var bytes: [UInt8] = []

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func int(_ value: some BinaryInteger) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            digits(UInt64(-Int64(value)), radix: 10)
        } else {
            digits(UInt64(value), radix: 10)
        }
    }

    mutating func hex(_ value: UInt64) { digits(value, radix: 16) }

    /// Nanoseconds as microseconds with three decimals.
    mutating func microseconds(_ nanoseconds: UInt64) {
        digits(nanoseconds / 1000, radix: 10)
        let fraction = nanoseconds % 1000
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    private mutating func digits(_ value: UInt64, radix: UInt64) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &buffer) { scratch in
            var position = scratch.count
            var rest = value
            repeat {
                let digit = UInt8(rest % radix)
                position -= 1
                scratch[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest /= radix
            } while rest > 0
            bytes.append(contentsOf: scratch[position...])
        }
    }

    /// `text` as a JSON string literal.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                raw("\\u00")
                bytes.append(UInt8(ascii: "0") + byte / 16)
                bytes.append(byte % 16 < 10 ? UInt8(ascii: "0") + byte % 16 : UInt8(ascii: "a") + byte % 16 - 10)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    out += "\""
    return out
}
