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

import Synchronization

/// Group commit: items submitted while one batch is being written wait for it, then go together
/// as the next batch, in one write. On SQLite's single writer every write is a turn on the writer
/// and a commit; items that arrive together (requests under load, the outbox worker's sends of a
/// batch) then cost one turn and one commit instead of one each.
///
/// Nothing is answered before its batch is written, so a caller that got its answer knows its
/// item is stored, and a crash loses only items that had no answer yet. No timer: an item that
/// finds no batch being written is written at once, alone.
///
/// Whose task writes: the first item finding the writer idle writes its batch; when it is done,
/// it hands the writer to the oldest waiting item, whose task writes everything waiting by then.
/// No background task, and no item waits for more than the batch ahead of it.
///
/// `writers` batches may be in flight at once, for a store whose writes can run side by side
/// (PostgreSQL's pool): an item finding fewer in flight is written at once, and only the items
/// that find them all busy wait and go together. SQLite's single writer keeps one.
final class GroupCommit<Item: Sendable, Answer: Sendable>: Sendable {
    /// Writes a batch, in submission order, and answers each of its items in that order.
    typealias Write = @Sendable ([Item]) async throws -> [Answer]

    private enum Turn {
        case written(Answer)
        case write
    }

    private struct Waiting {
        var item: Item
        var continuation: CheckedContinuation<Turn, any Error>
    }

    private struct State {
        var writing = 0
        var waiting: [Waiting] = []
    }

    /// The most items one batch writes (bounds a statement's bound values).
    let batchLimit: Int
    /// The most batches written at once.
    let writers: Int
    private let write: Write
    private let state = Mutex(State())

    init(batchLimit: Int, writers: Int = 1, write: @escaping Write) {
        precondition(batchLimit > 0 && writers > 0)
        self.batchLimit = batchLimit
        self.writers = writers
        self.write = write
    }

    /// Items waiting for the batch being written to finish.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Writes `item` with its batch and returns its answer once the batch is written.
    func submit(_ item: Item) async throws -> Answer {
        let turn = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Turn, any Error>) in
            let writeNow = state.withLock { state -> Bool in
                if state.writing == writers {
                    state.waiting.append(Waiting(item: item, continuation: continuation))
                    return false
                }
                state.writing += 1
                return true
            }
            if writeNow { continuation.resume(returning: .write) }
        }
        switch turn {
        case .written(let answer): return answer
        case .write: return try await writeBatch(leadingWith: item)
        }
    }

    /// Writes `own` with whatever is waiting, answers the others, hands the writer on.
    private func writeBatch(leadingWith own: Item) async throws -> Answer {
        let others = state.withLock { state -> [Waiting] in
            let count = min(state.waiting.count, batchLimit - 1)
            defer { state.waiting.removeFirst(count) }
            return Array(state.waiting.prefix(count))
        }
        defer { handOver() }
        let answers: [Answer]
        do {
            answers = try await write([own] + others.map(\.item))
            guard answers.count == others.count + 1 else { throw GroupCommitError.answerCountMismatch }
        } catch {
            for other in others { other.continuation.resume(throwing: error) }
            throw error
        }
        for (other, answer) in zip(others, answers.dropFirst()) { other.continuation.resume(returning: .written(answer)) }
        return answers[0]
    }

    /// Gives the writer to the oldest waiting item, or leaves it idle.
    private func handOver() {
        let next = state.withLock { state -> Waiting? in
            guard !state.waiting.isEmpty else {
                state.writing -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .write)
    }
}

/// A batch's write answered a different number of items than it was given: a programming error,
/// reported to every item of the batch rather than answering some of them wrongly.
enum GroupCommitError: Error, Equatable {
    case answerCountMismatch
}
