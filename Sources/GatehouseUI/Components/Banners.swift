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
    import SwiftUI

    /// The yellow inactivity banner (spec 002: "?reason=timeout").
    struct WarningBanner: View {
        let text: String
        var onDismiss: (() -> Void)?

        var body: some View {
            HStack(alignment: .top, spacing: 8) {
                Image(systemName: "clock").accessibilityHidden(true)
                Text(text).frame(maxWidth: .infinity, alignment: .leading)
                if let onDismiss {
                    // 44 pt square tap area (specs 001, 002), the glyph centred in it.
                    Button(action: onDismiss) {
                        Image(systemName: "xmark").frame(minWidth: 44, minHeight: 44).contentShape(Rectangle())
                    }
                    .accessibilityLabel(UserFacingText.Login.dismiss)
                }
            }
            .font(.subheadline)
            .foregroundStyle(Palette.warningText)
            .padding(12)
            .background(Palette.warningBackground, in: RoundedRectangle(cornerRadius: 8))
            .overlay(RoundedRectangle(cornerRadius: 8).stroke(Palette.warningBorder))
            .accessibilityElement(children: .combine)
        }
    }

    /// The red error summary with "Retry" and "Dismiss" (spec 002 §6 form-level error).
    struct ErrorSummary: View {
        let message: String
        /// The second line ("Please check and try again"), where the spec gives one.
        var detail: String?
        var onRetry: (() -> Void)?
        var onDismiss: (() -> Void)?

        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                Label(message, systemImage: "exclamationmark.triangle")
                    .foregroundStyle(Palette.dangerText)
                if let detail {
                    Text(detail).foregroundStyle(Palette.dangerText)
                }
                HStack {
                    if let onRetry { SummaryAction(title: UserFacingText.Login.retry, action: onRetry) }
                    Spacer()
                    if let onDismiss { SummaryAction(title: UserFacingText.Login.dismiss, action: onDismiss) }
                }
                .font(.subheadline.weight(.semibold))
            }
            .font(.subheadline)
            .padding(12)
            .background(Palette.dangerBackground, in: RoundedRectangle(cornerRadius: 8))
            .overlay(RoundedRectangle(cornerRadius: 8).stroke(Palette.dangerBorder))
        }
    }

    /// "Retry" / "Dismiss" in the error summary: a 44 pt tall tap area at least 44 pt wide.
    struct SummaryAction: View {
        let title: String
        let action: () -> Void

        var body: some View {
            Button(action: action) {
                Text(title).frame(minWidth: 44, minHeight: 44).contentShape(Rectangle())
            }
            .foregroundStyle(Palette.dangerText)
        }
    }

    /// A green box for success states.
    struct SuccessBox: View {
        let lines: [String]

        var body: some View {
            VStack(alignment: .leading, spacing: 6) {
                ForEach(lines, id: \.self) { Text($0) }
            }
            .font(.subheadline)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(12)
            .background(Palette.successBackground, in: RoundedRectangle(cornerRadius: 8))
            .accessibilityElement(children: .combine)
        }
    }

    /// The full-width primary button: 48pt, blue, 50 % opacity when disabled, spinner while busy.
    struct PrimaryButton: View {
        let title: String
        let isBusy: Bool
        let isDisabled: Bool
        var hint: String?
        let action: () -> Void

        var body: some View {
            Button(action: action) {
                HStack(spacing: 8) {
                    Text(title).font(.body.weight(.semibold))
                    if isBusy { ProgressView().tint(Palette.buttonText) }
                }
                .frame(maxWidth: .infinity, minHeight: 48)
                .foregroundStyle(Palette.buttonText)
                .background(
                    LinearGradient(colors: [Palette.primaryStart, Palette.primaryEnd], startPoint: .leading, endPoint: .trailing),
                    in: RoundedRectangle(cornerRadius: 8)
                )
            }
            .buttonStyle(.plain)
            .disabled(isDisabled)
            .opacity(isDisabled ? 0.5 : 1)
            .accessibilityHint(hint ?? "")
        }
    }
#endif
