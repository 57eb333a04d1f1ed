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

/// Test keys, generated once with Python's `cryptography` (never used anywhere else).
enum TestJWKs {
    static let rsa: [String: String] = [
        "kty": "RSA",
        "n":
            "8-Sd5zZOeD8-BO7pL-zdmqAkpDjlL6NbK6EdkfPdtPf1CwxLWeASu4nNlfWcF1QWBmBvyyQALMBWMVsnseg7crt1ZbIfUDbILISMndifAU7ROyAMaZO7FLQOBDu3lP-MOkOlVtuPu0SQKtHw5upekBRNi0CdUFbCbFZ5Ocv423n-8J1rUqOwy7J8NSUt5LLAyoIMGr6rRIONxlxF3p95nWo7w9gnSG2w3WASfnKPRp6h2RPcCzxFjV3DmbyYLBUCxilaUirt6so-zg0v_jY8TsV-81qYNT7KJ1vapFt_mvMU1o9Abbr3a1sbdEXJqdBf6vt3f6XdwjU7Vy16qvTqWw",
        "e": "AQAB",
        "d":
            "FHZhYyU0xzTzJKHQ0bMLUq5N9LNLU0he3VW6r-SofMby-bbR2ZwJpk9k_shpDLIC2Q0dRAtkslx-vsxZk70aw8EDlAEyTF4URFvomlOy33634kCJmhAJea6zoFpMSEV6g-bqB9QLBpi1icosbotKXMc_TEgjCrsEu-cza4x3-B3lvXQCeDaltSgyDZySScBnPxn8DYaia8QEXGEgP7KSSthn_uv-fWM9IH0ivuso7hlSiBhwGHZFoLjAqAMC8nEagK-hXCwM1sm6mYaniH-lIkn0YZ3yvabkh9yjrYwrUVp1PapBXRXJ9w6IZevQ86lnR2n0RJdg3WqpsMnSmFWrcQ",
        "p":
            "_WzKgGImm-rjEV0YxlOAWhXgB0Nc8Nv8NrMzgQmJsa05FKLREIJIXCdYO6Wh62N3shkIaNQ0i0WM4886GiCr7_tJl3Wbf9qFXPpwp-JEvtVErgCPku_Q4j_ForyvGf_u7-AAp5nJ8uKbrJdb7JiNgHmPgNjD1QDrRaQB9N_2z_E",
        "q":
            "9l8IBVnMNfeDB2eazq2ueo_7GcrBejuIeZRJ9Xh3TCrSn7j-dN-gMnrvpDBrJoR23uxYonPvNep-5BXbNfmHnj5y0B3Wx6AtWirlamvULPSTVqMGCie4EIPIDplknEl64vYRfm_Vl7YwSshTKST8PzLKSCZaM-yKRl05GYm0qws",
        "dp":
            "J29EW5HqXBzC1LLd5g6cTGhXAgpTbg9tQb3E5_FqAcHovfNQAPek9uIQcselWJGT0JzgmB9dRca-07wtWF95IdDCdNUSK2T_l6ZI3XbyJ5fcJg9kSAMVR_-Qa3Bc9vjCX4VF1M6zhB4LB2JOJZTff_xqfiw83OpVsfKBc29eYqE",
        "dq":
            "LTw7m8fmD86XN0fVi7cl_wjqoMyyg3_kyfXpMnHg7ZI7Q-pShiD9J-ecknf1ZIgTz1Bz4bgJpsucasJ8kkdzmCF9MSsZYWPOj-yqXMTZmzt4xgJ-vGSYjie0FsIhT_TJ5Fwr0Bw2inmAGmr3oelRi0UHEQJBs6Dtroe1UTQQgQs",
        "qi":
            "1WEiLZU-hPq-whb3QO7cHQ4MIxrZyrliqiAEJlI-dozKmJgqwcXPvexrJg1Q5xoIOZ5OI0KksLyI9rPxocpLsZ6VqkyDM5DKDKF8UIRmMVhTLDAhI_1XTCEkTxlv2ZxzXlCd8biHDdthFSSgYZ1mwwiO7jc3RukL2yJBbm9OCQo",
    ]
    static let ec: [String: String] = [
        "kty": "EC",
        "crv": "P-256",
        "x": "IwOlDa3wwWfugctkQ8Rp4ZhHHzR4IyNkApH4VO25luk",
        "y": "WFHO4CDr9crvVXCy8GX71fdfWO18OJ4dxaWfOmMeX5w",
        "d": "yppgUUpQBc-FyECodI0ACO7X5RZadCobNVAO0doFFhw",
    ]
    static let otherEC: [String: String] = [
        "kty": "EC",
        "crv": "P-256",
        "x": "ztKDtzMCszqscILS8x1dPvC4lNXVO4oS_VyCpqI-N1s",
        "y": "YrwPHEAYBP9bRLsvvm_UtzO9_s5ZQTxOwWP_l4stZBk",
        "d": "o0-f1fYBvQza2bM1BWh3Q7xXRvGnu2NA2dlOU-fNX-s",
    ]
}
