import ScreenTimeClient

// NB: the module `ScreenTimeClient` is shadowed by its struct of the same name, so
// `ScreenTimeClient.AuthorizationStatus` cannot name the interface's enum next to FamilyControls'
// type of the same name. This file imports only the interface, so the name is unambiguous here.
typealias InterfaceAuthorizationStatus = AuthorizationStatus
