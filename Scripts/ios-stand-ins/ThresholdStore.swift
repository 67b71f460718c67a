// A stand-in for ThresholdStore when App/'s targets are compiled and linked for iOS on Linux.
//
// GRDB 7 needs a newer Swift standard library than the iOS 17.0 SDK here has, so the real store
// cannot be built for iOS on this machine (Xcode builds it on a Mac). This file gives App/ the
// part of ThresholdStore's public surface it uses, backed by StoreClient's in-memory twin, so
// that every other line of the app and its extensions is compiled, linked and load-checked:
//   ../shared/tools/ios-sdk/link --stand-in ThresholdStore=Scripts/ios-stand-ins/ThresholdStore.swift
//   Scripts/check-app-sources   (compiles it as ThresholdStoreStub)
// A binary linked with it holds no real store: it proves linking and loading, not persistence.
import Foundation
import StoreClient

public typealias ThresholdStore = InMemoryStore

extension InMemoryStore {
    /// Which process opens the store (the real type's `Role`).
    public enum Role: Sendable { case app, appExtension }

    public static func open(directory: URL, role: Role = .app) throws -> InMemoryStore { InMemoryStore() }
    public static func suspendAll() {}
    public static func resumeAll() {}
}
