import Foundation
import ThresholdCLI

exit(ThresholdCLI.main(Array(CommandLine.arguments.dropFirst())))
