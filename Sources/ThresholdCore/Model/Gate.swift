/// An always-on restriction on a selection: Selah's "pray to open", Challenge's "solve to
/// open", an Earned Access mode with no schedule. The selection stays shielded except while a
/// grant from one of the policy's rituals covers it.
public struct Gate: Hashable, Codable, Sendable, Identifiable {
    public let id: GateID
    public let name: String
    public let path: Pathway
    public let selection: Selection
    public let strictness: Strictness
    public let unlockPolicy: UnlockPolicy
    /// Grants from these rituals lift this restriction: the policy as offered at its
    /// strictness (in display order), and none when locked.
    public let acceptedRituals: [RitualKind]

    public init(
        id: GateID, name: String, path: Pathway, selection: Selection, strictness: Strictness = .gentle, unlockPolicy: UnlockPolicy
    ) throws {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 40 else {
            throw ValidationError("gate \(id)", .gateNameLength)
        }
        guard !selection.isEmpty else {
            throw ValidationError("gate “\(trimmed)”", .nothingToGate)
        }
        self.id = id
        self.name = trimmed
        self.path = path
        self.selection = selection
        self.strictness = strictness
        self.unlockPolicy = unlockPolicy
        self.acceptedRituals = strictness == .locked ? [] : unlockPolicy.offered(under: strictness).rituals.sorted()
    }

    private enum CodingKeys: String, CodingKey { case id, name, path, selection, strictness, unlockPolicy }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(GateID.self, forKey: .id)
        let name = try c.decode(String.self, forKey: .name)
        let path = try c.decode(Pathway.self, forKey: .path)
        let selection = try c.decode(Selection.self, forKey: .selection)
        let strictness = try c.decodeIfPresent(Strictness.self, forKey: .strictness) ?? .gentle
        let policy = try c.decode(UnlockPolicy.self, forKey: .unlockPolicy)
        self = try validatingDecode(decoder) {
            try Gate(id: id, name: name, path: path, selection: selection, strictness: strictness, unlockPolicy: policy)
        }
    }
}
