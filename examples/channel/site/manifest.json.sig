{
  "signatures" : [
    {
      "keyid" : "0366f87d958325de",
      "signature" : "KRNt5pz1NKXJrrOudE3JDOdNw74iiDeru5GMo38UewD8SW8g2/gdxE8u4zGyKolrBNjkREJgdThC96fZds0PDg=="
    }
  ]
}
