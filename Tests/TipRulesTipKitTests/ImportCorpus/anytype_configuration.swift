// Modelled on anyproto/anytype-swift Anytype/Sources/ApplicationLayer/AppConfigurators/Configurators/TipsConfiguration.swift:
// Tips.configure behind #available, with a datastore location.
import Foundation
import TipKit

final class TipsConfiguration: AppConfiguratorProtocol {

    func configure() {
        if #available(iOS 17.0, *) {
            do {
                if FeatureFlags.resetTips {
                    try Tips.resetDatastore()
                }
                try Tips.configure([.displayFrequency(.daily), .datastoreLocation(.applicationDefault)])
            } catch {
                assertionFailure("Tips setup error: \(error)")
            }
        }
    }
}
