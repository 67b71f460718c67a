import Foundation
import ScenarioSteps
import SwiftUI

/// One thing the crawler does on a screen, as a person does it: by the words of a control (and,
/// where the words name several, which of them in the screen's order), or to the sheet on top.
///
/// Each action is a scenario step (``step``): the crawler replays a path by running those steps
/// on a fresh phone, and a finding's reproducing scenario is the same steps written out.
package struct CrawlAction: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// A button, a switch, a tab, a picker's choice, the back button, a link, a share button, a
        /// swipe action, a VoiceOver action; a stepper's +.
        case tap
        /// A stepper's −: set to the number it shows, less one.
        case decrease(to: Int)
        /// A time picker, turned to this time of day (“19:30”).
        case setTime(String)
        /// Text typed into a field, in place of what it held.
        case type(String)
        case longPress
        /// The sheet, dialog or system sheet on top swiped away.
        case swipeAway
        /// iOS's Screen Time picker answered with these apps.
        case pickApps([String])
        /// iOS's Save to Files sheet answered: the file saved.
        case saveFile
    }

    package let kind: Kind
    /// The control's words (empty for what acts on the whole sheet).
    package let label: String
    /// Which of the controls these words name, from 1, where they name more than one.
    package let nth: Int?
    /// The control as a failing step describes it: `[Delete — swipe “Work”]`.
    package let control: String

    package init(kind: Kind, label: String, nth: Int? = nil, control: String) {
        self.kind = kind
        self.label = label
        self.nth = nth
        self.control = control
    }

    /// The scenario step, in YAML's flow style: `{tap: {control: "Delete", nth: 2}}`.
    package var step: String {
        switch kind {
        case .tap:
            if let nth { return "{tap: {control: \(Self.quoted(label)), nth: \(nth)}}" }
            return "{tap: \(Self.quoted(label))}"
        case .decrease(let number): return "{set: {control: \(Self.quoted(label)), to: \(number)}}"
        case .setTime(let time): return "{set: {control: \(Self.quoted(label)), to: \(Self.quoted(time))}}"
        case .type(let text): return "{type: {field: \(Self.quoted(label)), text: \(Self.quoted(text))}}"
        case .longPress: return "{long-press: \(Self.quoted(label))}"
        case .swipeAway: return "swipe-away"
        case .pickApps(let apps): return "{pick-apps: [\(apps.map(Self.quoted).joined(separator: ", "))]}"
        case .saveFile: return "save-file"
        }
    }

    /// What the person does, in words: “taps [Delete — swipe “Work”]”.
    package var description: String {
        switch kind {
        case .tap: "taps \(control)"
        case .decrease(let number): "sets \(control) to \(number)"
        case .setTime(let time): "sets \(control) to \(time)"
        case .type(let text): "types \(text.count > 24 ? "\(text.count) characters" : "“\(text)”") into \(control)"
        case .longPress: "presses and holds \(control)"
        case .swipeAway: "swipes \(control) away"
        case .pickApps(let apps): "picks \(apps.joined(separator: ", ")) in \(control)"
        case .saveFile: "saves the file in \(control)"
        }
    }

    /// A string as a YAML double-quoted scalar (JSON's escapes are YAML's).
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode([text])) ?? Data("[\"\"]".utf8)
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}

extension CrawlAction: Codable {
    private enum CodingKeys: String, CodingKey { case kind, value, apps, label, nth, control }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decode(String.self, forKey: .label)
        nth = try c.decodeIfPresent(Int.self, forKey: .nth)
        control = try c.decode(String.self, forKey: .control)
        let value = try c.decodeIfPresent(String.self, forKey: .value) ?? ""
        switch try c.decode(String.self, forKey: .kind) {
        case "tap": kind = .tap
        case "decrease":
            guard let number = Int(value) else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: c, debugDescription: "not a number")
            }
            kind = .decrease(to: number)
        case "set-time": kind = .setTime(value)
        case "type": kind = .type(value)
        case "long-press": kind = .longPress
        case "swipe-away": kind = .swipeAway
        case "pick-apps": kind = .pickApps(try c.decode([String].self, forKey: .apps))
        case "save-file": kind = .saveFile
        case let other: throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown action \(other)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(label, forKey: .label)
        try c.encodeIfPresent(nth, forKey: .nth)
        try c.encode(control, forKey: .control)
        switch kind {
        case .tap: try c.encode("tap", forKey: .kind)
        case .decrease(let number):
            try c.encode("decrease", forKey: .kind)
            try c.encode(String(number), forKey: .value)
        case .setTime(let time):
            try c.encode("set-time", forKey: .kind)
            try c.encode(time, forKey: .value)
        case .type(let text):
            try c.encode("type", forKey: .kind)
            try c.encode(text, forKey: .value)
        case .longPress: try c.encode("long-press", forKey: .kind)
        case .swipeAway: try c.encode("swipe-away", forKey: .kind)
        case .pickApps(let apps):
            try c.encode("pick-apps", forKey: .kind)
            try c.encode(apps, forKey: .apps)
        case .saveFile: try c.encode("save-file", forKey: .kind)
        }
    }
}
