// Modelled on pontusUmain/TipKitDemo TipKitDemo/Tips/Tips.swift: several tips in
// one file, a typed event annotation, and a tip whose content comes from JSON.
import Foundation
import TipKit

struct FirstTip: Tip {
    var title: Text {
        Text("This is a tip")
    }

    var message: Text? {
        Text("With some minor information")
    }
}

struct FavoriteTip: Tip {

    static let didPressFavorite: Event = Event(id: "didPressFavorite")

    var title: Text {
        Text("Mark as favorite")
    }

    var rules: [Rule] {
        #Rule(Self.didPressFavorite) {
            $0.donations.count < 1
        }
    }
}

struct JsonTip: Tip {

    let model: TipModels.Model

    var id: String {
        model.id
    }

    var title: Text {
        Text(model.title)
    }
}
