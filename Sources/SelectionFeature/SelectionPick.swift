import FeatureClient
import Foundation
import StoreClient
import ThresholdCore

/// What the Screen Time picker gave back, as the screens hand it to a model.
public enum PickerResult: Hashable, Sendable {
    /// The person chose; the tokens are already Core tokens (`TokenCoding.selection` on iOS).
    case picked(Selection)
    /// The picker failed, or what it returned could not be read; says what went wrong.
    case failed(String)
}

/// Why a pick was not taken. Nothing is saved then, and whatever was shielded stays shielded.
public enum PickProblem: Error, Hashable, Sendable {
    /// The picker came back empty.
    case nothingChosen
    /// The picker failed or its tokens could not be read.
    case pickerFailed(String)
    /// The engine refused it: more than iOS can shield, or an allow list's limits (its words).
    case refused(Problem)
}

/// Checks a pick against the engine before a screen keeps it (see `ShieldCapacity`).
package enum SelectionPick {
    /// The selection, or why it is not taken. Shields are a union, so tokens the state already
    /// shields take no more room: the whole pick is checked alongside it.
    package static func check(
        _ result: PickerResult, listMode: ListMode = .blockList, in state: ThresholdState,
        client: AppClient
    ) -> Result<Selection, PickProblem> {
        switch result {
        case .failed(let detail):
            return .failure(.pickerFailed(detail))
        case .picked(let selection) where selection.isEmpty:
            return .failure(.nothingChosen)
        case .picked(let selection):
            do {
                try ShieldCapacity.check(selection, listMode: listMode, alongside: state, at: client.now, calendar: client.calendar)
                return .success(selection)
            } catch {
                return .failure(.refused(Problem(error)))
            }
        }
    }
}
