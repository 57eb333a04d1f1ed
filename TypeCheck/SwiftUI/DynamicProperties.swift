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

// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/binding
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/focusstate
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    @propertyWrapper
    public struct Binding {
        init(focusState: Int) {}
        public var wrappedValue: Value {
            get { fatalError() }
            nonmutating set {}
        }
        public var projectedValue: FocusState<Value>.Binding { self }
    }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: FocusState<Value>.Binding { fatalError() }
    public init() where Value == Bool {}
    public init<T: Hashable>() where Value == T? {}
}

// https://developer.apple.com/documentation/swiftui/observedobject
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            fatalError()
        }
    }
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
    public var wrappedValue: ObjectType
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/stateobject
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    public var dynamicTypeSize: DynamicTypeSize { fatalError() }
    public var colorScheme: ColorScheme { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/scaledmetric
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {}
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/dynamictypesize
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public var isAccessibilitySize: Bool { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}
