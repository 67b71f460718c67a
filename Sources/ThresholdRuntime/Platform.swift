import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Every operating-system difference the runtime has, in one place.
enum Platform {
    /// Seconds since boot, including time asleep: a clock the person cannot set.
    static func uptimeIncludingSleep() -> TimeInterval {
        #if canImport(Darwin)
        // NB: on Darwin CLOCK_MONOTONIC keeps counting during sleep (CLOCK_UPTIME_RAW does not).
        return TimeInterval(clock_gettime_nsec_np(CLOCK_MONOTONIC)) / 1_000_000_000
        #else
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1_000_000_000
        #endif
    }

    /// An identifier that changes with every boot.
    static func bootID() -> String {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 0 else { return "unknown" }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? "unknown"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
        #endif
    }
}
