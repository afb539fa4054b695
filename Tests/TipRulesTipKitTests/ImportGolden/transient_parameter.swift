import TipKit

struct LiveCaptionsTip: Tip {
    // Reset on every launch: whether a video is playing right now.
    @Parameter(.transient)
    static var isPlayingVideo: Bool = false

    @Parameter
    static var captionsTurnedOn: Bool = false

    var title: Text { Text("Turn on live captions") }
    var image: Image? { Image(systemName: "captions.bubble") }

    var rules: [Rule] {
        #Rule(Self.$isPlayingVideo) { $0 }
        #Rule(Self.$captionsTurnedOn) { !$0 }
    }
}
