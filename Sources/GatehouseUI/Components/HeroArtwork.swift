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
    import SwiftUI

    /// The hero background of spec 002 §6: the emerald gradient with faint field markings (a pitch's
    /// outline, halfway line, centre circle and goal boxes) drawn as shapes, so no asset is needed.
    struct HeroArtwork: View {
        var body: some View {
            ZStack {
                LinearGradient(colors: [Palette.pageStart, Palette.pageEnd], startPoint: .top, endPoint: .bottom)
                FieldMarkings()
                    .stroke(.white.opacity(0.12), lineWidth: 2)
                    .padding(24)
            }
            .ignoresSafeArea()
            .accessibilityHidden(true)
        }
    }

    /// A playing field's lines, scaled to the rectangle given.
    struct FieldMarkings: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addRect(rect)
            path.move(to: CGPoint(x: rect.minX, y: rect.midY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
            let radius = min(rect.width, rect.height) * 0.15
            path.addEllipse(in: CGRect(x: rect.midX - radius, y: rect.midY - radius, width: radius * 2, height: radius * 2))
            let boxWidth = rect.width * 0.5
            let boxHeight = rect.height * 0.12
            path.addRect(CGRect(x: rect.midX - boxWidth / 2, y: rect.minY, width: boxWidth, height: boxHeight))
            path.addRect(CGRect(x: rect.midX - boxWidth / 2, y: rect.maxY - boxHeight, width: boxWidth, height: boxHeight))
            return path
        }
    }

    /// The stacked logo centred above the login form (spec 002 §6: ~96pt wide, it serves as the
    /// page's heading). The symbol grows with Dynamic Type and the name wraps, so nothing is cut
    /// off at accessibility text sizes.
    struct StackedLogo: View {
        let name: String
        @ScaledMetric(relativeTo: .title3) private var symbolSize: CGFloat = 40

        var body: some View {
            VStack(spacing: 4) {
                Image(systemName: "building.columns.fill")
                    .font(.system(size: symbolSize))
                    .foregroundStyle(Palette.success)
                    .accessibilityHidden(true)
                Text(name)
                    .font(.title3.bold())
                    .foregroundStyle(Palette.label)
                    .multilineTextAlignment(.center)
            }
            .frame(minWidth: 96, maxWidth: .infinity)
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isHeader)
        }
    }

    /// "──── New to Gatehouse? ────" (spec 002 §6: 24pt above and below).
    struct LabelledDivider: View {
        let text: String

        var body: some View {
            HStack(spacing: 12) {
                Rectangle().fill(Palette.border).frame(height: 1)
                Text(text)
                    .font(.subheadline)
                    .foregroundStyle(Palette.secondaryText)
                    .fixedSize()
                Rectangle().fill(Palette.border).frame(height: 1)
            }
            .padding(.vertical, 24)
            .accessibilityElement(children: .combine)
        }
    }
#endif
