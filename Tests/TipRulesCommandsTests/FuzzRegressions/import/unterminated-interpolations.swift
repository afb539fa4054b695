struct A: Tip { var rules: [Rule] { #Rule(Self.$a) { a in return a } } }
@Parameter(.transient static var a: Bool = "\("\("\(