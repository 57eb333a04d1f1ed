#if canImport(SwiftUI)
    import SwiftUI

    /// The specs' colours (spec 002 §6 design system).
    enum Palette {
        static let primaryStart = Color(red: 0x00 / 255, green: 0x66 / 255, blue: 0xFF / 255)
        static let primaryEnd = Color(red: 0x00 / 255, green: 0x52 / 255, blue: 0xCC / 255)
        static let link = Color(red: 0x25 / 255, green: 0x63 / 255, blue: 0xEB / 255)
        static let secondaryText = Color(red: 0x47 / 255, green: 0x55 / 255, blue: 0x69 / 255)
        static let label = Color(red: 0x37 / 255, green: 0x41 / 255, blue: 0x51 / 255)
        static let placeholder = Color(red: 0xA0 / 255, green: 0xAE / 255, blue: 0xC0 / 255)
        static let border = Color(red: 0xCB / 255, green: 0xD5 / 255, blue: 0xE1 / 255)
        static let danger = Color(red: 0xDC / 255, green: 0x26 / 255, blue: 0x26 / 255)
        static let dangerBackground = Color(red: 0xFE / 255, green: 0xE2 / 255, blue: 0xE2 / 255)
        static let dangerBorder = Color(red: 0xFE / 255, green: 0xCA / 255, blue: 0xCA / 255)
        static let warningText = Color(red: 0x92 / 255, green: 0x40 / 255, blue: 0x0E / 255)
        static let warningBackground = Color(red: 0xFF / 255, green: 0xFB / 255, blue: 0xEB / 255)
        static let warningBorder = Color(red: 0xFE / 255, green: 0xE3 / 255, blue: 0xA8 / 255)
        static let success = Color(red: 0x05 / 255, green: 0x96 / 255, blue: 0x69 / 255)
        static let successBackground = Color(red: 0xD1 / 255, green: 0xFA / 255, blue: 0xE5 / 255)
        static let pageStart = Color(red: 0x05 / 255, green: 0x96 / 255, blue: 0x69 / 255)
        static let pageEnd = Color(red: 0x04 / 255, green: 0x78 / 255, blue: 0x57 / 255)
    }

    /// The emerald page with the white card all three pages sit on.
    struct PageCard<Content: View>: View {
        @ViewBuilder let content: () -> Content

        var body: some View {
            ScrollView {
                VStack(alignment: .leading, spacing: 24, content: content)
                    .padding(32)
                    .background(.white.opacity(0.95), in: RoundedRectangle(cornerRadius: 16))
                    .shadow(radius: 8)
                    .padding(.horizontal, 24)
                    .padding(.vertical, 48)
            }
            .scrollDismissesKeyboard(.interactively)
            .background(HeroArtwork())
        }
    }

    /// A text link with a 44pt tap area.
    struct TextLink: View {
        let title: String
        var label: String?
        var hint: String?
        var color = Palette.link
        let action: () -> Void

        var body: some View {
            Button(title, action: action)
                .font(.subheadline)
                .foregroundStyle(color)
                .frame(minHeight: 44)
                .contentShape(Rectangle())
                .accessibilityLabel(label ?? title)
                .accessibilityHint(hint ?? "")
        }
    }
#endif
