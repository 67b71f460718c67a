import Foundation
import ThresholdCLI

exit(await ThresholdCLI.main(Array(CommandLine.arguments.dropFirst())))
