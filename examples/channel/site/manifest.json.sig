{
  "signatures" : [
    {
      "keyid" : "0366f87d958325de",
      "signature" : "ZBWtyvV9XL5UG2IdCQbHxOLdT8Cl+ZxfdugR/61q916em5xxWZbSWUyjVz54zwTqvn2Fn0Qs65tx73NlZVSRBw=="
    }
  ]
}
