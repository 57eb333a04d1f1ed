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
    import GatehouseClient
    import GatehouseCore
    import GatehouseFeatures
    import SwiftUI

    /// The account page's passkeys, bound to a `PasskeysModel`: the list (swipe to
    /// remove, a context menu to rename), "Add a passkey" where the device can make one.
    public struct PasskeysView: View {
        @ObservedObject private var model: PasskeysModel
        @State private var renaming: Passkey?
        @State private var newName = ""

        public init(model: PasskeysModel) {
            _model = ObservedObject(wrappedValue: model)
        }

        public var body: some View {
            List {
                if let error = model.errorMessage {
                    ErrorSummary(message: error, onDismiss: { model.dismissError() })
                }
                ForEach(model.passkeys) { passkey in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(passkey.friendlyName ?? PasskeyText.defaultName).font(.body)
                        Text(passkey.createdAt.date, format: .dateTime.year().month().day())
                            .font(.caption).foregroundStyle(Palette.secondaryText)
                    }
                    .accessibilityElement(children: .combine)
                    .contextMenu {
                        Button(PasskeyText.rename) {
                            newName = passkey.friendlyName ?? ""
                            renaming = passkey
                        }
                        Button(PasskeyText.remove, role: .destructive) { Task { await model.remove(passkey.id) } }
                    }
                    .swipeActions {
                        Button(PasskeyText.remove, role: .destructive) { Task { await model.remove(passkey.id) } }
                    }
                }
                if model.canAdd {
                    Button {
                        Task { await model.add() }
                    } label: {
                        Label(PasskeyText.add, systemImage: "plus")
                    }
                    .disabled(model.isBusy)
                }
            }
            .overlay { if model.phase == .loading { ProgressView() } }
            .alert(PasskeyText.rename, isPresented: Binding(get: { renaming != nil }, set: { if !$0 { renaming = nil } })) {
                TextField(PasskeyText.nameLabel, text: $newName)
                Button(PasskeyText.rename) {
                    if let id = renaming?.id { Task { await model.rename(id, to: newName) } }
                    renaming = nil
                }
                Button(UserFacingText.Login.dismiss, role: .cancel) { renaming = nil }
            }
            .task { await model.load() }
            .forwarding(model.signals)
            .onDisappear { model.cancel() }
        }
    }
#endif
