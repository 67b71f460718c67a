import Foundation
import SwiftUI
#if canImport(CoreImage)
import CoreImage
import CoreImage.CIFilterBuiltins
#endif

/// A link's QR code as an image: drawn by Core Image on iOS (medium error correction, one point
/// per module); where Core Image is not (Linux), the layer's picture of a QR code, which carries
/// the link so the simulated Camera can read it. `nil` when it cannot be drawn.
enum QRCode {
    static func image(for link: URL) -> Image? {
        #if canImport(CoreImage)
        let filter = CIFilter.qrCodeGenerator()
        filter.message = Data(link.absoluteString.utf8)
        filter.correctionLevel = "M"
        guard let output = filter.outputImage, let code = CIContext().createCGImage(output, from: output.extent) else { return nil }
        return Image(decorative: code, scale: 1)
        #else
        return Image(qrCodeOf: link)
        #endif
    }
}
