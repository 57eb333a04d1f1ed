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

/// The four reset backends of the specs: the example app switches between them.
public enum ExampleBackend: String, CaseIterable, Identifiable, Sendable {
    /// Supabase's GoTrue (spec 000): `POST /recover`, sign-in with `/token`.
    case gotrue
    /// Firebase Auth (spec 001): Identity Toolkit's `sendOobCode` and `resetPassword`.
    case firebase
    /// Spec 003's Edge Function `send-reset-email`; sign-in through GoTrue.
    case edgeFunction
    /// Spec 004's REST API `POST /api/auth/request-password-reset`; sign-in through GoTrue.
    case rest

    public var id: String { rawValue }

    public var title: String {
        switch self {
        case .gotrue: "GoTrue"
        case .firebase: "Firebase"
        case .edgeFunction: "Edge Function"
        case .rest: "REST"
        }
    }
}
