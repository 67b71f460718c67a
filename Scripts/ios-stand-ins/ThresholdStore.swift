// A stand-in for ThresholdStore when App/'s targets are compiled and linked for iOS on Linux.
//
// GRDB 7 needs a newer Swift standard library than the iOS 17.0 SDK here has, so the real store
// cannot be built for iOS on this machine (Xcode builds it on a Mac). This file gives App/ the
// part of ThresholdStore's public surface it uses, so that every other line of the app and its
// extensions is compiled, linked and load-checked:
//   ../shared/tools/ios-sdk/link --stand-in ThresholdStore=Scripts/ios-stand-ins/ThresholdStore.swift
//   Scripts/check-app-sources   (compiles it as ThresholdStoreStub)
// A binary linked with it holds no store: every read and write fails, as a missing App Group
// container would, so it proves linking and loading, not persistence. (The in-memory store the
// simulated phone keeps is test machinery, which no iOS product reaches.)
import Foundation
import StoreClient
import ThresholdCore

public final class ThresholdStore: StoreClient {
    /// Which process opens the store (the real type's `Role`).
    public enum Role: Sendable { case app, appExtension }

    public let effects = EffectsJournal.inMemory()

    public static func open(directory: URL, role: Role = .app) throws -> ThresholdStore { ThresholdStore() }
    public static func suspendAll() {}
    public static func resumeAll() {}

    private static let none = StoreError.missing("the iOS link check's stand-in holds no store")

    public func read() throws -> StoredState { throw Self.none }
    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T { throw Self.none }
    public func events(_ query: EventQuery) throws -> [LoggedEvent] { throw Self.none }
    public func sessions(startingFrom start: Date, until end: Date) throws -> [Session] { throw Self.none }
    public func exportBackup(deviceID: String?) throws -> Data { throw Self.none }
    public func importBackup(_ data: Data, deviceID: String?) throws -> ImportReport { throw Self.none }
}
