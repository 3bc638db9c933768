package ui

// Field draws a labelled input in a box: the label beside its middle line.
func Field(st Styles, label, input string) []string {
	box := Lines(st.Box(input))
	out := make([]string, len(box))
	for i, l := range box {
		lead := Spaces(Width(label) + 4)
		if i == len(box)/2 {
			lead = "  " + label + "  "
		}
		out[i] = lead + l
	}
	return out
}
