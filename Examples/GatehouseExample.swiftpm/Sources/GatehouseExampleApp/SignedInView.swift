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

import GatehouseExampleFlow
import SwiftUI

/// After sign-in: who is signed in, and "Sign Out".
struct SignedInView: View {
    @ObservedObject var flow: ExampleFlow

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "person.crop.circle.badge.checkmark")
                .font(.system(size: 56))
                .accessibilityHidden(true)
            Text("Signed in").font(.title.bold()).accessibilityAddTraits(.isHeader)
            if let email = flow.signedInEmail {
                Text(email).font(.body).foregroundStyle(.secondary)
            }
            Button("Sign Out") { Task { await flow.signOut() } }
                .buttonStyle(.borderedProminent)
                .frame(minHeight: 44)
        }
        .padding(32)
    }
}
