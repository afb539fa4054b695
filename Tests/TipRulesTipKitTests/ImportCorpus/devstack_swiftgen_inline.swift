//
//  Created by a developer on 24.07.2024
//

import Foundation
import TipKit
import UIToolkit

@available(iOS 17, *)
struct InlineTip: Tip {
    
    var title: Text {
        Text(L10n.recipes_tips_inline_title)
    }
    
    var message: Text? {
        Text(L10n.recipes_tips_inline_message)
    }
}
