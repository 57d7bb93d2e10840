import Foundation
import RACSwift
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// The terminal's settings from before raw mode: restored on exit, on Ctrl-C (read as a key)
// and from the handler of a terminating signal, which can only reach globals. On the heap:
// the C library writes sizeof(struct termios) bytes, which on Linux is more than Swift's
// size of the imported struct (its tail padding), so a Swift variable would overflow.
nonisolated(unsafe) private let savedSettings = makeSettings()
nonisolated(unsafe) private var isRaw = false

private func makeSettings() -> UnsafeMutablePointer<termios> {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    settings.initialize(to: termios())
    return settings
}

enum Terminal {
    /// Whether standard input and output are both a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Turns off line editing, echo and the keys that send signals, so each key arrives as
    /// typed; a SIGINT, SIGTERM or SIGHUP from outside restores the settings before exiting.
    static func enterRawMode() {
        guard tcgetattr(STDIN_FILENO, savedSettings) == 0 else { return }
        let raw = makeSettings()
        defer { raw.deallocate() }
        raw.pointee = savedSettings.pointee
        raw.pointee.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.pointee.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.pointee.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, raw) == 0 else { return }
        isRaw = true
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                if isRaw { tcsetattr(STDIN_FILENO, TCSAFLUSH, savedSettings) }
                let message = "\u{1B}[?25h\r\nracswift-demo: stopped by signal\r\n"
                _ = message.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
                _exit(128 + number)
            }
        }
    }

    /// Puts back the settings `enterRawMode()` changed.
    static func restore() {
        guard isRaw else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, savedSettings)
        isRaw = false
    }
}

/// What a key does to the search field.
enum Key: Equatable {
    case character(Character)
    case backspace
    case clear
    case quit
}

/// The keys in a chunk of terminal input. Escape sequences (arrows, function keys) are
/// ignored; Esc alone, Ctrl-C and Ctrl-D quit; Ctrl-U clears the field.
func keys(in data: Data) -> [Key] {
    let text = String(decoding: data, as: UTF8.self)
    if text == "\u{1B}" { return [.quit] }
    var result: [Key] = []
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        switch scalar.value {
        case 0x1B:
            // An escape sequence: ESC [ parameters final-byte (or ESC O x).
            guard let kind = scalars.next() else { return result }
            if kind == "[" { while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {} } else { _ = scalars.next() }
        case 0x03, 0x04: result.append(.quit)
        case 0x08, 0x7F: result.append(.backspace)
        case 0x15: result.append(.clear)
        case 0x20...0x7E, 0xA0...: result.append(.character(Character(scalar)))
        default: break  // other control keys, Enter included
        }
    }
    return result
}

/// The text of the search field after each key typed on `input`, read with
/// `FileHandle.readInBackground()`. Quitting (or the end of the input) calls `onQuit` at once
/// instead of completing, which would first let the pipeline finish its last search.
func typedTexts(from input: FileHandle, onQuit: @escaping @Sendable () -> Void) -> Signal<String> {
    Signal.create { subscriber in
        let field = Field()
        return input.readInBackground().subscribe(
            next: { data in
                for key in keys(in: data) {
                    guard let text = field.apply(key) else { return onQuit() }
                    subscriber.sendNext(text)
                }
            },
            error: { subscriber.sendError($0) },
            completed: onQuit)
    }
}

/// The search field's text; changed only from the reading queue, one chunk at a time.
private final class Field: @unchecked Sendable {
    private var text = ""
    /// The text after `key`, or nil when the key quits.
    func apply(_ key: Key) -> String? {
        switch key {
        case .character(let character): text.append(character)
        case .backspace: if !text.isEmpty { text.removeLast() }
        case .clear: text = ""
        case .quit: return nil
        }
        return text
    }
}

/// The interactive screen, redrawn whole after every change: the search field, the state
/// of the current query, its results and the latest events of the pipeline and the server.
final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private let header: [String]
    private var text = ""
    private var status = "type to search RACSwift's operators (Esc or Ctrl-C quits)"
    private var results: [Entry] = []
    private var events: [String] = []

    init(header: [String]) {
        self.header = header
    }

    func typed(_ text: String) {
        update { $0.text = text }
    }

    func log(_ line: String) {
        update { screen in
            screen.events.append(line)
            if screen.events.count > 10 { screen.events.removeFirst(screen.events.count - 10) }
        }
    }

    func searching(_ query: String) {
        update { $0.status = "searching '\(query)'…" }
    }

    func show(_ answer: SearchAnswer) {
        update { screen in
            screen.results = answer.results
            screen.status = answer.total == 0
                ? "'\(answer.query)': no results"
                : "'\(answer.query)': \(answer.total) results" + (answer.total > answer.results.count ? " (first \(answer.results.count))" : "")
        }
    }

    private func update(_ change: (Screen) -> Void) {
        let frame = lock.withLock { () -> String in
            change(self)
            return render()
        }
        FileHandle.standardOutput.write(Data(frame.utf8))
    }

    /// The whole frame: home, clear, then the lines. Called under `lock`.
    private func render() -> String {
        var lines = header
        lines.append("")
        lines.append("search: \(text)_")
        lines.append("")
        lines.append(status)
        for entry in results {
            lines.append("  " + entry.name.padding(toLength: 30, withPad: " ", startingAt: 0)
                + " " + entry.rac.padding(toLength: 26, withPad: " ", startingAt: 0) + " " + entry.doc)
        }
        lines.append("")
        lines.append("events:")
        lines.append(contentsOf: events.map { "  " + $0 })
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n") + "\r\n"
    }
}
