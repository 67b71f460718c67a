import Testing
import ThresholdCore

/// An input the scenario fuzzer found (`Fuzz/corpus/scenario/crash-huge-year.yaml`): a date
/// whose year overflows the day count is refused, not trapped on.
@Suite struct LocalDateLimitsTests {
    @Test(arguments: ["2024444444444444446-11-24", "9223372036854775807-01-01", "-9223372036854775807-01-01", "1000001-01-01"])
    func aYearPastAnyUse_isRefused(text: String) {
        #expect(throws: ValidationError.self) { try LocalDate(parsing: text) }
    }

    @Test func theEdgesOfTheRange_stillRoundTrip() throws {
        for year in [LocalDate.years.lowerBound, 1970, 2026, LocalDate.years.upperBound] {
            let date = try LocalDate(year: year, month: 12, day: 31)
            #expect(date.year == year && date.month == 12 && date.day == 31)
        }
    }
}
