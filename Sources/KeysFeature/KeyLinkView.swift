import DesignSystem
import SwiftUI
import UIKit

/// A key made as a link (``KeyMaking/KeyLink``): its QR code, which the Camera opens (print it
/// or show it on another screen), and its link to copy into any NFC writer app. The link is the key:
/// anyone who has it can start the profile, and a copy edited by hand is refused.
@MainActor
public struct KeyLinkView: View {
    let key: KeyMaking.KeyLink
    let done: () -> Void
    @State private var copied = false

    public init(key: KeyMaking.KeyLink, done: @escaping () -> Void) {
        self.key = key
        self.done = done
    }

    public var body: some View {
        NavigationStack {
            List {
                Section {
                    QRCodeImage(link: key.link, maxWidth: 260)
                    Text(verbatim: key.link.absoluteString).font(.footnote.monospaced()).textSelection(.enabled)
                } header: {
                    Text(verbatim: "\(key.name) · \(key.profileTitle)")
                } footer: {
                    Text(
                        "Print the QR code or keep it on another screen; the Camera opens it and the profile starts. The link is the key: keep it to yourself.",
                        bundle: .module)
                }
                Section {
                    Button {
                        UIPasteboard.general.url = key.link
                        copied = true
                    } label: {
                        Text("Copy link", bundle: .module)
                    }
                    if copied {
                        Text("Copied. Paste it into an NFC writer app to write it to a tag.", bundle: .module).foregroundStyle(.secondary)
                    }
                    ShareLink(item: key.link) { Text("Share link", bundle: .module) }
                }
            }
            .navigationTitle(Text("Key link", bundle: .module))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) { Button(action: done) { Text("Done", bundle: .module) } }
            }
        }
    }
}

/// A link's QR code, centred, sharp at any size, read by VoiceOver as "QR code" (nothing when
/// Core Image cannot draw it): a key link's and a partner invitation's.
public struct QRCodeImage: View {
    let link: URL
    let maxWidth: CGFloat

    public init(link: URL, maxWidth: CGFloat) {
        self.link = link
        self.maxWidth = maxWidth
    }

    public var body: some View {
        if let code = QRCode.image(for: link) {
            code
                .interpolation(.none)
                .resizable()
                .scaledToFit()
                .frame(maxWidth: maxWidth)
                .frame(maxWidth: .infinity)
                .accessibilityLabel(Text("QR code", bundle: .module))
        }
    }
}

extension View {
    /// Shows the key link `keys` made, as its QR code and a link to copy, until Done.
    @MainActor public func showsKeyLinks(_ keys: KeyMaking) -> some View {
        sheet(item: Binding(get: { keys.link }, set: { if $0 == nil { keys.linkClosed() } })) { key in
            KeyLinkView(key: key) { keys.linkClosed() }
        }
    }
}
