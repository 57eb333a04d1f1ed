//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#if canImport(SwiftUI)
    import GatehouseCore
    import GatehouseFeatures
    import SwiftUI

    /// A labelled input with its leading icon and the error below it (spec 002 §6: label 14pt
    /// semibold, 8pt to the input, 4pt to the error, red border on error).
    struct FormField<Input: View>: View {
        let label: String
        let systemImage: String
        let error: String?
        /// Story 1.4's real-time feedback: a green check or a red cross as the person types.
        var feedback: EmailFeedback = .none
        @ViewBuilder let input: () -> Input

        private var borderColor: Color {
            if error != nil { return Palette.danger }
            switch feedback {
            case .valid: return Palette.success
            case .invalid: return Palette.danger
            case .none: return Palette.border
            }
        }

        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                Text(label)
                    .font(.subheadline.weight(.semibold))
                    .foregroundStyle(Palette.label)
                HStack(spacing: 8) {
                    Image(systemName: systemImage)
                        .foregroundStyle(Palette.placeholder)
                        .accessibilityHidden(true)
                    // VoiceOver reads the field's error with the field, not as an element of its own.
                    input().accessibilityHint(error ?? "")
                    switch feedback {
                    case .valid:
                        Image(systemName: "checkmark.circle.fill")
                            .foregroundStyle(Palette.success)
                            .accessibilityLabel(UserFacingText.Accessibility.emailLooksValid)
                    case .invalid:
                        Image(systemName: "xmark.circle.fill")
                            .foregroundStyle(Palette.danger)
                            .accessibilityLabel(UserFacingText.Accessibility.emailNotValidYet)
                    case .none:
                        EmptyView()
                    }
                }
                .padding(12)
                .frame(minHeight: 44)
                .overlay(
                    RoundedRectangle(cornerRadius: 8)
                        .stroke(borderColor, lineWidth: error == nil && feedback == .none ? 1 : 2)
                )
                if let error {
                    Label(error, systemImage: "xmark.circle")
                        .font(.caption)
                        .foregroundStyle(Palette.danger)
                        .padding(.top, -4)
                        .accessibilityHidden(true)
                }
            }
        }
    }
#endif
