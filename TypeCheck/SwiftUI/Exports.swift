// SwiftUI brings Foundation, Combine (here OpenCombine: ObservableObject, @Published) and, on
// iOS, UIKit with it.
@_exported import Foundation
@_exported import OpenCombine
@_exported import UIKit
