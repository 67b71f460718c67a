// SwiftPM links an executable's `main` to `PrayerLibraryFuzz_main` (its entry point, renamed so that tests
// can link the executable); here that entry point hands over to libFuzzer's driver.

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("PrayerLibraryFuzz_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var argc = argc, argv = argv
    return runDriver(&argc, &argv) { data, size in testOneInput(data, size) }
}
