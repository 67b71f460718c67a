import SettingsFeature
import SwiftUI
import SystemWords
import ThresholdCore

/// Content a Spanish phone shows that the person reads in English (``Reading``): Help's questions
/// and answers and the screen-time quips, each file written to match its English one (Help's
/// topics in the same order, the quips by id). Prayers, verses and passages have no English twin:
/// a Spanish phone's are its own.
enum SpanishContent {
    /// Teaches the reading every pair, once per process.
    static let taught: Void = {
        if case .success(let spanish) = HelpTopics.loaded(in: .spanish), case .success(let english) = HelpTopics.loaded(in: .english) {
            for (es, en) in zip(spanish, english) {
                Reading.record(es.question, english: en.question)
                Reading.record(es.answer, english: en.answer)
            }
        }
        if case .success(let spanish)? = Quips.loaded[.spanish], case .success(let english)? = Quips.loaded[.english] {
            for (id, es) in spanish { if let en = english[id] { Reading.record(es, english: en) } }
        }
    }()
}
