// SwiftPM links an executable's `main` to `ScenarioFuzz_main` (its entry point, renamed so that tests
// can link the executable); here that entry point hands over to libFuzzer's driver.
import FuzzDriver

@_cdecl("ScenarioFuzz_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in testOneInput(data, size) }
}
