#if canImport(SwiftUI)
import SwiftUI

/// A labelled input with its leading icon and the error below it (spec 002 §6: label 14pt
/// semibold, 8pt to the input, 4pt to the error, red border on error).
struct FormField<Input: View>: View {
    let label: String
    let systemImage: String
    let error: String?
    var isValid = false
    @ViewBuilder let input: () -> Input

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(label)
                .font(.subheadline.weight(.semibold))
                .foregroundStyle(Palette.label)
            HStack(spacing: 8) {
                Image(systemName: isValid ? "checkmark.circle.fill" : systemImage)
                    .foregroundStyle(isValid ? Palette.success : Palette.placeholder)
                    .accessibilityHidden(true)
                input()
            }
            .padding(12)
            .frame(minHeight: 44)
            .overlay(
                RoundedRectangle(cornerRadius: 8)
                    .stroke(error == nil ? Palette.border : Palette.danger, lineWidth: 1)
            )
            if let error {
                Label(error, systemImage: "xmark.circle")
                    .font(.caption)
                    .foregroundStyle(Palette.danger)
                    .padding(.top, -4)
            }
        }
    }
}
#endif
